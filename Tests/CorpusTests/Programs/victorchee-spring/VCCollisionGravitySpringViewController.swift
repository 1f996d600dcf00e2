//
//  CollisionGravitySpringViewController.swift
//  DynamicAnimator
//
//  Created by qihaijun on 12/24/15.
//  Copyright © 2015 VictorChee. All rights reserved.
//

import UIKit

class VCCollisionGravitySpringViewController: UIViewController {
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.backgroundColor = .white
        itemView = UIView(frame: CGRect(x: 143, y: 300, width: 88, height: 88))
        itemView.backgroundColor = .gray
        itemAttachmentView = UIView(frame: CGRect(x: 39, y: 39, width: 10, height: 10))
        itemAttachmentView.backgroundColor = .blue
        itemView.addSubview(itemAttachmentView)
        attachmentView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        attachmentView.backgroundColor = .red
        root.addSubview(attachmentView)
        root.addSubview(itemView)
        root.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector(Self.pan(_:))))
        view = root
    }

    var attachmentView: UIView!
    var itemView: UIView!
    var itemAttachmentView: UIView!
    
    var animator: UIDynamicAnimator!
    var attachmentBehavior: UIAttachmentBehavior!
    
    override func viewDidLoad() {
        super.viewDidLoad()

        // Do any additional setup after loading the view.
        animator = UIDynamicAnimator(referenceView: view)
        
        let gravityBehavior = UIGravityBehavior(items: [itemView])
        
        let collisionBehavior = UICollisionBehavior(items: [itemView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        
        let anchorPoint = CGPoint(x: itemView.center.x, y: itemView.center.y - 100)
        attachmentBehavior = UIAttachmentBehavior(item: itemView, attachedToAnchor: anchorPoint)
        attachmentBehavior.frequency = 1
        attachmentBehavior.damping = 0.1
        
        attachmentView.center = attachmentBehavior.anchorPoint
        itemAttachmentView.center = CGPoint(x: 44, y: 44)
        
        animator.addBehavior(attachmentBehavior)
        animator.addBehavior(collisionBehavior)
        animator.addBehavior(gravityBehavior)
    }

    func pan(_ sender: UIPanGestureRecognizer) {
        attachmentBehavior.anchorPoint = sender.location(in: view)
        attachmentView.center = attachmentBehavior.anchorPoint
    }
}
