//
//  ViewController.swift
//  IOSSnapBehaviourTutorial
//
//  Created by Arthur Knopper on 24/02/2019.
//  Copyright © 2019 Arthur Knopper. All rights reserved.
//

import UIKit

class IOSCSnapViewController: UIViewController {
    override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.backgroundColor = .white
        imageView = UIImageView(frame: CGRect(x: 137, y: 283, width: 100, height: 100))
        imageView.backgroundColor = .orange // stands in for the image asset
        root.addSubview(imageView)
        view = root
    }

    var animator:UIDynamicAnimator!
    var snapBehaviour:UISnapBehavior!
    
    var imageView: UIImageView!
    
    override func viewDidLoad() {
        super.viewDidLoad()
       
        // Create the Tap Gesture Recognizer
        let tapGesture = UITapGestureRecognizer(target: self, action: Selector(Self.userHasTapped))
        self.view.addGestureRecognizer(tapGesture)
        
        // Create the Dynamic Animator
        animator = UIDynamicAnimator(referenceView: view)
    }
    
    func userHasTapped(tap:UITapGestureRecognizer) {
        let touchPoint = tap.location(in: view)
        if snapBehaviour != nil {
            animator.removeBehavior(snapBehaviour)
        }
        
        snapBehaviour = UISnapBehavior(item: imageView, snapTo: touchPoint)
        snapBehaviour.damping = 0.3
        animator.addBehavior(snapBehaviour)
    }

}

