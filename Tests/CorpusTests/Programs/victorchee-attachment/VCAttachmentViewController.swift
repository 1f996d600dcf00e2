//
//  AttachmentsViewController.swift
//  DynamicAnimator
//
//  Created by qihaijun on 12/23/15.
//  Copyright © 2015 VictorChee. All rights reserved.
//

import UIKit

class VCAttachmentViewController: UIViewController {
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.backgroundColor = .white
        itemView = UIView(frame: CGRect(x: 143, y: 300, width: 88, height: 88))
        itemView.backgroundColor = .gray
        itemAttachmentView = UIView(frame: CGRect(x: 17, y: 17, width: 10, height: 10))
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
    
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        animator = UIDynamicAnimator(referenceView: view)
        
        let collisionBehavior = UICollisionBehavior(items: [itemView])
        collisionBehavior.translatesReferenceBoundsIntoBoundary = true
        
        let anchor = CGPoint(x: itemView.center.x, y: itemView.center.y - 100)
        let offset = UIOffset(horizontal: -22, vertical: -22)
        attachmentBehavior = UIAttachmentBehavior(item: itemView, offsetFromCenter: offset, attachedToAnchor: anchor)
//        attachmentBehavior.damping = 0.5
//        attachmentBehavior.frequency = 0.5
//        attachmentBehavior.frictionTorque = 0.5
        
        attachmentView.center = attachmentBehavior.anchorPoint
        itemAttachmentView.center = CGPoint(x: 22, y: 22)
        
        animator.addBehavior(collisionBehavior)
        animator.addBehavior(attachmentBehavior)
        
    }
    
    func pan(_ sender: UIPanGestureRecognizer) {
        attachmentBehavior.anchorPoint = sender.location(in: view)
        attachmentView.center = attachmentBehavior.anchorPoint
    }
}
