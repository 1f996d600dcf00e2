//
//  ViewController.swift
//  IOSAttachmentBehaviourTutorial
//
//  Created by Arthur Knopper on 25/03/2019.
//  Copyright © 2019 Arthur Knopper. All rights reserved.
//

import UIKit

class IOSCAttachmentViewController: UIViewController {
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.backgroundColor = .white
        smallView = UIView(frame: CGRect(x: 177, y: 100, width: 20, height: 20))
        smallView.backgroundColor = .red
        blueView = UIView(frame: CGRect(x: 137, y: 300, width: 100, height: 100))
        blueView.backgroundColor = .blue
        root.addSubview(smallView)
        root.addSubview(blueView)
        root.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector(Self.handleTap(_:))))
        view = root
    }

    var anchorPoint: CGPoint!
    var attachment: UIAttachmentBehavior!
    var animator: UIDynamicAnimator!
    var gravity: UIGravityBehavior!
    
    var smallView: UIView!
    var blueView: UIView!
    
    func handleTap(_ sender: UITapGestureRecognizer) {
        attachment.anchorPoint = sender.location(in: view)
        smallView.center = sender.location(in: view)    }
    
    override func viewDidLoad() {
        super.viewDidLoad()
        
        // 1
        anchorPoint = smallView.center
        
        // 2
        attachment = UIAttachmentBehavior(item: blueView, attachedToAnchor: anchorPoint)
        attachment.length = 200
        attachment.frequency = 10
        attachment.damping = 5
        
        // 3
        animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(attachment)
        
        // 4
        gravity = UIGravityBehavior(items: [blueView])
        animator.addBehavior(gravity)
    }


}

